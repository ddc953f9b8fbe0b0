import { useState } from 'react';
import type { MailReport } from '@egreso/domain';
import type { Result } from '../../../components/ResultDialog';
import { useCatalogueModalPage, type CatalogueMessages } from '../../../lib/use-catalogue-page';
import type { Credential, Issued } from './AccessSlips';
import { useCredentials } from './use-credentials';

interface Person {
  id: number;
  full_name: string;
  email: string;
}

/**
 * The controller of a people screen (chiefs, teachers, students): the form modal, the delete confirmation and the
 * result dialogs of a catalogue, and the one-time passwords or activation links of the people it registers, resets
 * or imports.
 */
export function usePeopleCatalogue<T extends Person>(options: {
  remove: (row: T) => Promise<unknown>;
  messages: CatalogueMessages;
}) {
  const catalogue = useCatalogueModalPage(options);
  const { form, feedback, saved } = catalogue;
  const credentials = useCredentials(feedback.error);
  const [summary, setSummary] = useState<Result | null>(null);
  return {
    ...catalogue,
    credentials,
    /** 'Restablecer contraseña', 'Editar' and 'Eliminar', for ResponsiveTable's rowActions. */
    rowActions: {
      ...catalogue.rowActions,
      name: (u: T) => u.full_name,
      width: 360,
      more: [credentials.resetAction],
    },
    /** The form modal's onSaved: a new person's one-time password or activation link, or the usual message. */
    onSaved: (created: Issued | null) => credentials.afterSave(created, options.messages.registered, form.close, saved),
    /** After an import: the new people's passwords, or who got an activation link, or its summary alone. */
    imported: (message: string, created: Credential[], mail?: MailReport) =>
      created.length
        ? credentials.showImported(message, created)
        : mail && (mail.sent > 0 || mail.failed.length > 0)
          ? credentials.showMailed(message, mail)
          : setSummary({ kind: 'success', message }),
    /** A summary (an import's, the semester advance's), shown by PeopleDialogs. */
    summary,
    showSummary: (message: string) => setSummary({ kind: 'success', message }),
    closeSummary: () => setSummary(null),
  };
}
