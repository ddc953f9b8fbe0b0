import { useCallback, useState } from 'react';
import { TIMINGS } from '@egreso/domain';
import type { Result } from '../components/ResultDialog';

/**
 * The 'Éxito' / 'Error' dialog of a screen: every save and delete reports through it, a success closing by itself.
 * Render `<ResultDialog {...feedback.dialogProps} />`. A screen whose spec gives its own success time passes it (null:
 * it stays until closed), and one whose errors close by themselves too (Ratings: 2.2 s) passes that time; an error
 * that closes after another time than the screen's others passes its own.
 */
export function useFeedback(successMs: number | null = TIMINGS.successToast, errorMs?: number) {
  const [shown, setShown] = useState<{ result: Result; closeMs?: number } | null>(null);
  const close = useCallback(() => setShown(null), []);
  return {
    success: useCallback(
      (message: string) => setShown({ result: { kind: 'success', message }, closeMs: successMs ?? undefined }),
      [successMs],
    ),
    error: useCallback(
      (message: string, closeMs: number | undefined = errorMs) =>
        setShown({ result: { kind: 'error', message }, closeMs }),
      [errorMs],
    ),
    /** Neither success nor failure (a save that went through in part): its own title, and it stays until closed. */
    warning: useCallback(
      (title: string, message: string) => setShown({ result: { kind: 'warning', title, message } }),
      [],
    ),
    dialogProps: { result: shown?.result ?? null, onClose: close, autoCloseMs: shown?.closeMs },
  };
}

export type Feedback = ReturnType<typeof useFeedback>;
