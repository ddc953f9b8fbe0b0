import { useState } from 'react';
import { errorText } from './errors';

/** The spec's rule for every import: the name must end in .xlsx or .xls (the server then checks the content). */
export const isSpreadsheetName = (name: string) => /\.(xlsx|xls)$/i.test(name);

/** Choose a file, check it (dry run), look at the preview, apply it, and (when the import shows it) the result. */
export type ImportStep = 'choose' | 'checking' | 'preview' | 'applying' | 'done';

/** An upload of the chosen file, reporting the share sent (0 to 1). */
type Upload<T> = (file: File, onProgress: (fraction: number) => void) => Promise<T>;

export interface ImportWizardOptions<P, R> {
  /** The dry run: what the file would change, nothing written. */
  check: Upload<P>;
  /** The same file again, written. */
  apply: Upload<R>;
  /** The message for a missing file or one that is not a spreadsheet. */
  fileRequired: string;
  /** The result stays in the wizard ('done') instead of the wizard starting over for the next import. */
  keepsResult: boolean;
  /** The import was written. */
  onApplied: (result: R) => void;
  /** The names this import takes (the spreadsheets of `isSpreadsheetName` unless given). */
  acceptsName?: (name: string) => boolean;
}

export type ImportWizardState<P, R> = ReturnType<typeof useImportWizard<P, R>>;

/** The state of an import wizard (`components/ImportWizard`); every failure reads 'Error importando archivo: …'. */
export function useImportWizard<P, R>({
  check,
  apply,
  fileRequired,
  keepsResult,
  onApplied,
  acceptsName = isSpreadsheetName,
}: ImportWizardOptions<P, R>) {
  const [step, setStep] = useState<ImportStep>('choose');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [preview, setPreview] = useState<P | null>(null);
  const [result, setResult] = useState<R | null>(null);

  const reset = () => {
    setStep('choose');
    setFile(null);
    setFileError(null);
    setFailure(null);
    setProgress(0);
    setPreview(null);
    setResult(null);
  };

  /** Another file drops the preview of the last one; a name that is not a spreadsheet is refused at once. */
  const choose = (next: File | null) => {
    setFile(next);
    setStep('choose');
    setPreview(null);
    setFailure(null);
    setFileError(next && !acceptsName(next.name) ? fileRequired : null);
  };

  const review = async () => {
    if (!file || !acceptsName(file.name)) {
      setFileError(fileRequired);
      return;
    }
    setFailure(null);
    setProgress(0);
    setStep('checking');
    try {
      setPreview(await check(file, setProgress));
      setStep('preview');
    } catch (err) {
      setFailure(errorText('Error importando archivo', err));
      setStep('choose');
    }
  };

  const confirm = async () => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    setStep('applying');
    try {
      const written = await apply(file, setProgress);
      if (keepsResult) {
        setResult(written);
        setStep('done');
      } else reset();
      onApplied(written);
    } catch (err) {
      setFailure(errorText('Error importando archivo', err));
      setStep('preview');
    }
  };

  return {
    step,
    busy: step === 'checking' || step === 'applying',
    file,
    fileError,
    failure,
    progress,
    preview,
    result,
    choose,
    review,
    confirm,
    reset,
    /** Reports a failure of an action beside the import (e.g. downloading the rows with errors). */
    fail: setFailure,
  };
}
