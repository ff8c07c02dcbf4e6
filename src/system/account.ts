import { enqueueActions, fromPromise } from 'xstate';
import type { UserData } from '../../contract/auth';
import { avatarMachine } from '../../machines/account/avatar.machine';
import { emailChangeMachine } from '../../machines/account/emailChange.machine';
import { emailConfirmMachine } from '../../machines/account/emailConfirm.machine';
import { FormRefused } from '../../machines/account/refusal';
import { invoicePayMachine } from '../../machines/billing/invoicePay.machine';
import { invoicePdfMachine } from '../../machines/billing/invoicePdf.machine';
import { invoicesMachine } from '../../machines/billing/invoices.machine';
import { type TeamAction, teamMachine } from '../../machines/team/team.machine';
import type { ToastsEvent } from '../../machines/toasts/toasts.machine';
import * as auth from '../api/account';
import { downloadInvoicePdf, fetchInvoices, startInvoicePayment } from '../api/billing';
import type { FileAnswer } from '../api/client';
import type { Result } from '../api/result';
import type { AppSystem } from './app';
import { orApiSentence } from './results';
import { SESSION_CALL_FAILED } from './sessionCalls';

/** The data of an answer, or its refusal as FormRefused (its sentence and messages per field). */
function dataOrRefused<T>(result: Result<T>, fallback: string): T {
  if (result.ok) return result.data;
  throw new FormRefused(result.message || fallback, result.fieldErrors);
}

const toast = (variant: 'success' | 'error', message: string): ToastsEvent => ({
  type: 'toast.show',
  variant,
  message,
});

/** The profile picture: the session takes the account as answered; a toast says so. */
export function avatarLogic(app: AppSystem, api = auth) {
  const { session, toasts } = app;
  return avatarMachine.provide({
    actors: {
      upload: fromPromise(async ({ input }) => {
        if (!(input.file instanceof Blob)) throw new Error('Choose a picture file.');
        return dataOrRefused(
          await api.uploadAvatar(input.file),
          'The picture could not be saved. Please try again.',
        );
      }),
      remove: fromPromise(async () =>
        dataOrRefused(await api.removeAvatar(), 'The picture could not be removed. Please try again.'),
      ),
    },
    actions: {
      updated: enqueueActions(
        ({ enqueue }, { userData, message }: { userData: UserData; message: string }) => {
          enqueue.sendTo(session, { type: 'session.userUpdated', userData });
          enqueue.sendTo(toasts, toast('success', message));
        },
      ),
    },
  });
}

/** Changing the sign-in address: the link's sentence comes back from the API. */
export function emailChangeLogic(api = auth) {
  return emailChangeMachine.provide({
    actors: {
      request: fromPromise(async ({ input }) => {
        const result = await api.requestEmailChange(input);
        const data = dataOrRefused(result, 'The link could not be sent. Please try again.');
        return { email: data.email, message: result.message };
      }),
    },
  });
}

/** The session reads the account again (its address or role changed); a failure is only logged. */
function readAccountAgain(app: AppSystem, api: typeof auth) {
  void orApiSentence(
    api.fetchMe,
    SESSION_CALL_FAILED,
  )(null).then(
    (userData) => app.session.send({ type: 'session.userUpdated', userData }),
    (error: unknown) => app.env.log.warn('The profile could not be read again:', error),
  );
}

/** The e-mailed link's page: once confirmed, a signed-in session reads its account again. */
export function emailConfirmLogic(app: AppSystem, api = auth) {
  const { session } = app;
  return emailConfirmMachine.provide({
    actors: {
      confirm: fromPromise(async ({ input }) =>
        dataOrRefused(
          await api.confirmEmailChange(input.code),
          'The address could not be changed. Please try again.',
        ),
      ),
    },
    actions: {
      confirmed: () => {
        if (session.getSnapshot().context.userData?.uuid) readAccountAgain(app, api);
      },
    },
  });
}

/** Each team action's call. */
function callOf(action: TeamAction, api: typeof auth): Promise<Result<null>> {
  switch (action.kind) {
    case 'role':
      return api.changeRole(action.uuid, action.role);
    case 'remove':
      return api.removeTeammate(action.uuid);
    case 'cancelInvite':
      return api.cancelInvitation(action.id);
    case 'resendInvite':
      return api.resendInvitation(action.id);
    case 'transfer':
      return api.transferOwnership(action.uuid);
    case 'approvals':
      return api.setApprovalsNeedAdmin(action.on);
  }
}

/** The team page with its calls; results are toasts, and handing the company over updates the session's role. */
export function teamLogic(app: AppSystem, api = auth) {
  const { toasts } = app;
  return teamMachine.provide({
    actors: {
      loadTeam: fromPromise(async () =>
        dataOrRefused(await api.fetchTeam(), 'The team could not be loaded. Please try again.'),
      ),
      act: fromPromise(async ({ input }) => {
        const result = await callOf(input, api);
        dataOrRefused(result, 'That did not work. Please try again.');
        return result.message;
      }),
    },
    actions: {
      announce: enqueueActions(({ enqueue }, { message }: { message: string }) => {
        enqueue.sendTo(toasts, toast('success', message));
      }),
      roleChanged: () => readAccountAgain(app, api),
    },
  });
}

/** Saves a PDF (an invoice's, a receipt's), or says why it could not be had. */
async function savePdf(download: Promise<FileAnswer>, saveFile: (blob: Blob, filename: string) => void) {
  const file = await download;
  if (!file.ok) throw new Error(file.message || 'The PDF could not be made. Please try again.');
  saveFile(file.blob, file.filename);
}

/**
 * An invoice's page: a PDF of the invoice, its own or (`downloadReceiptPdf`) its receipt once paid,
 * each downloaded and saved the same way.
 */
export function invoicePdfLogic(
  saveFile: (blob: Blob, filename: string) => void,
  download: (number: string) => Promise<FileAnswer> = downloadInvoicePdf,
) {
  return invoicePdfMachine.provide({
    actors: { downloadPdf: fromPromise(({ input }) => savePdf(download(input.number), saveFile)) },
  });
}

/** Pay now on an invoice: Stripe's page, where the browser goes (leaving the app). */
export function invoicePayLogic(goTo: (url: string) => void, api = { startInvoicePayment }) {
  return invoicePayMachine.provide({
    actors: {
      startPayment: fromPromise(async ({ input }) =>
        dataOrRefused(
          await api.startInvoicePayment(input.number),
          'The payment could not be started. Please try again.',
        ),
      ),
    },
    actions: { goToPayment: (_, params) => goTo(params.url) },
  });
}

/** The Billing page's invoices and their PDFs, saved by the page. */
export function invoicesLogic(
  saveFile: (blob: Blob, filename: string) => void,
  api = { fetchInvoices, downloadInvoicePdf },
) {
  return invoicesMachine.provide({
    actors: {
      loadInvoices: fromPromise(async ({ input }) =>
        dataOrRefused(await api.fetchInvoices(input), 'The invoices could not be loaded. Please try again.'),
      ),
      downloadPdf: fromPromise(({ input }) => savePdf(api.downloadInvoicePdf(input.number), saveFile)),
    },
  });
}
