import { createMachine } from 'xstate';
import { modelKit } from './modelKit';

/**
 * The abstract model of one file serving many runs (issue 33): an upload sent for several runs of an
 * order at once ("Also use it for"), then attached to the runs left, of that order and of another
 * order with the same spec sheet ("Use for every remaining run", "Attach to runs"). What a person sees
 * of the runs and of the file, and the server's answers: every run taken, a run refused with the
 * reason, the server too busy to take the upload, the attach requests failing. No effects, no timers.
 */
export const attachManyModel = createMachine({
  id: 'attach-many-model',
  initial: 'noFile',
  states: {
    /** No run has a file; the upload form offers the order's other open runs ("Also use it for"). */
    noFile: {
      on: {
        'user.sendsForSeveralRuns': 'checking',
        'user.sendsForARunOfAnotherSheet': 'refused',
        'user.sendsWhileTheServerIsBusy': 'stopped',
      },
    },
    /** The server refused the upload, naming the run and why; no run has the file, and no Retry (it would be refused again). */
    refused: { on: { 'user.cancels': 'noFile' } },
    /** The server was busy (a 503): the upload stopped with the sentence, and Retry sends it again. */
    stopped: { on: { 'user.retries': 'checking' } },
    /** The bytes are in, for the runs picked: "checking it against the spec". */
    checking: {
      on: {
        'server.passesEveryRun': 'servesPicked',
        'server.findsAProblemForOneRun': 'verdictsByRun',
      },
    },
    /** Each run picked shows the file with its own verdict: one passed, one with a check to fix. */
    verdictsByRun: {},
    /** Each run picked shows the file passed; "Use for every remaining run" is offered. */
    servesPicked: { on: { 'user.usesForEveryRemainingRun': 'attaching' } },
    /** "Attaching …": the orders are asked one by one. */
    attaching: {
      on: {
        'server.attachesEveryRun': 'servesEveryRun',
        'server.attachesOneOrderToCheckAgain': 'checkingAgain',
        'server.refusesOneOrder': 'partlyAttached',
        'connection.drops': 'notAttached',
      },
    },
    /** Every run has the file; order B's placement has another trim, so it is checked again for that run. */
    checkingAgain: { on: { 'server.finishesCheckingAgain': 'servesEveryRun' } },
    /** What was attached and, by order, what was refused and why; the refused runs are still offered. */
    partlyAttached: { on: { 'user.attachesTheRefusedAgain': 'servesEveryRun' } },
    /** The sentence to check the connection; nothing attached, every remaining run still offered. */
    notAttached: { on: { 'user.triesAgain': 'servesEveryRun' } },
    /** Every run of both orders shows the file; nothing is offered any more. */
    servesEveryRun: {},
  },
});

export const attachMany = modelKit(attachManyModel);
