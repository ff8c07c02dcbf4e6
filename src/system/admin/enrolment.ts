import { fromPromise } from 'xstate';
import { type EnrolmentAnswer, enrolmentMachine } from '../../../machines/admin/enrolment.machine';
import { invitationOf, joinBackOffice, setupBackOffice } from '../../api/admin/staff';

/** The setup and join pages' flow, with the API behind it. */
export const enrolmentLogic = () =>
  enrolmentMachine.provide({
    actors: {
      loadInvitation: fromPromise(async ({ input }) => {
        const result = await invitationOf(input.token);
        return result.ok ? result.data : null;
      }),
      submit: fromPromise(async ({ input }): Promise<EnrolmentAnswer> => {
        const { kind, token, name, email = '', password } = input;
        const result =
          kind === 'setup'
            ? await setupBackOffice({ token, name, email, password })
            : await joinBackOffice({ token, name, password });
        if (result.ok) return { kind: 'enrolled', otpauth: result.data.otpauth };
        if (result.status === 422)
          return { kind: 'invalid', message: result.message, errors: result.fieldErrors };
        return { kind: 'unusable', message: result.message };
      }),
    },
  });
