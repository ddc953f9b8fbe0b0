import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MAIL_MSG } from '@egreso/domain';
import { renderWithProviders } from '../../../test/render';
import { credentialOf } from './AccessSlips';
import { MailReportModal } from './MailReportModal';

describe('MailReportModal', () => {
  it('says links went and names, never silently, the people whose mail did not go; no password anywhere', async () => {
    const onClose = vi.fn();
    const r = renderWithProviders(
      <MailReportModal
        notice={{
          title: 'Importación: enlaces de activación',
          summary: 'Importación completada',
          sentText: MAIL_MSG.sentMany(2),
          report: { sent: 2, failed: [{ full_name: 'Rosa Lima', email: 'rosa@demo.edu.mx' }] },
        }}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Importación: enlaces de activación' });
    expect(within(dialog).getByText(MAIL_MSG.sentMany(2))).toBeInTheDocument();
    const failed = within(dialog).getByRole('alert');
    expect(failed).toHaveTextContent(MAIL_MSG.notSent(1));
    expect(failed).toHaveTextContent('Rosa Lima · rosa@demo.edu.mx');
    expect(dialog).not.toHaveTextContent(/contraseña de un solo uso/i);
    expect(document.querySelector('.access-slips')).toBeNull();
    // The corner's close button and the footer's are both 'Cerrar'.
    await r.user.click(within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });

  it('reads an answer: a one-time password, a link sent, or a new e-mail waiting for its link', () => {
    const person = { full_name: 'Ana', email: 'ana@demo.edu.mx' };
    expect(credentialOf({ ...person, initial_password: 'a2b3c4d5e6f7g8' })).toEqual({
      ...person,
      initial_password: 'a2b3c4d5e6f7g8',
    });
    const mail = { sent: 1, failed: [] };
    expect(credentialOf({ ...person, mail })).toEqual({ ...person, mail });
    expect(credentialOf({ ...person, mail, pending_email: 'ana.nueva@demo.edu.mx' })).toEqual({
      full_name: 'Ana',
      email: 'ana.nueva@demo.edu.mx',
      mail,
      pending: true,
    });
    expect(credentialOf(person)).toBeNull();
  });
});
