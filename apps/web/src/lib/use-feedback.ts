import { useCallback, useState } from 'react';
import { TIMINGS } from '@egreso/domain';
import type { Result } from '../components/ResultDialog';

/**
 * The 'Éxito' / 'Error' dialog of a screen: every save and delete reports through it, a success closing by itself.
 * Render `<ResultDialog {...feedback.dialogProps} />`. A screen whose spec gives its own success time passes it, and
 * one whose errors close by themselves too (Ratings: 2.2 s) passes that time.
 */
export function useFeedback(successMs: number = TIMINGS.successToast, errorMs?: number) {
  const [result, setResult] = useState<Result | null>(null);
  const close = useCallback(() => setResult(null), []);
  return {
    success: useCallback((message: string) => setResult({ kind: 'success', message }), []),
    error: useCallback((message: string) => setResult({ kind: 'error', message }), []),
    /** Neither success nor failure (a save that went through in part): its own title, and it stays until closed. */
    warning: useCallback((title: string, message: string) => setResult({ kind: 'warning', title, message }), []),
    dialogProps: {
      result,
      onClose: close,
      autoCloseMs: result?.kind === 'success' ? successMs : result?.kind === 'error' ? errorMs : undefined,
    },
  };
}
