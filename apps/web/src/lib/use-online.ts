import { useEffect, useState } from 'react';

/** Whether the browser has a connection, and whether it just came back (for a moment, to say so). */
export function useOnline(): { online: boolean; justBack: boolean } {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  const [justBack, setJustBack] = useState(false);
  useEffect(() => {
    const up = () => {
      setOnline(true);
      setJustBack(true);
    };
    const down = () => {
      setOnline(false);
      setJustBack(false);
    };
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
    };
  }, []);
  useEffect(() => {
    if (!justBack) return;
    const t = setTimeout(() => setJustBack(false), 5000);
    return () => clearTimeout(t);
  }, [justBack]);
  return { online, justBack };
}
