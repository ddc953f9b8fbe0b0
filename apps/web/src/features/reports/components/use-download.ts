import { useState } from 'react';

/**
 * A file a report screen downloads (an Excel export, the student's data): `busy` while it is made, for the button's
 * spinner; a failure goes to `onError` (the screen's error dialog).
 */
export function useDownload(onError: (err: unknown) => void) {
  const [busy, setBusy] = useState(false);
  const download = async (make: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await make();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };
  return { busy, download };
}
