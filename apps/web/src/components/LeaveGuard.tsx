import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import { isLeavingConfirmed } from '../lib/logout';
import { ConfirmDialog } from './ConfirmDialog';

interface Props {
  when: boolean;
  title: string;
  message: string;
}

function RouterBlocker({ when, title, message }: Props) {
  const blocker = useBlocker(() => when && !isLeavingConfirmed());
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={title}
      message={message}
      danger
      confirmLabel="Salir sin guardar"
      cancelLabel="Quedarme"
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}

/**
 * Asks before leaving a screen with unsaved work: the browser's own question on reload or close (beforeunload) and
 * a dialog on a move inside the app (the router's blocker, which exists only under a data router).
 */
export function LeaveGuard(props: Props) {
  const { when } = props;
  useEffect(() => {
    if (!when) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers need a return value to show the question.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  return dataRouter ? <RouterBlocker {...props} /> : null;
}
