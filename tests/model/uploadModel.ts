import { createMachine } from 'xstate';
import { modelKit } from './modelKit';

/**
 * The abstract model of sending a run's ad on an order's page: what a person sees of the run and of
 * the file on its way, and the stimuli that change it (their own clicks and picks, the server taking
 * the bytes and checking them or refusing them, the connection dropping). No effects, no timers.
 */
export const uploadModel = createMachine({
  id: 'upload-model',
  initial: 'noFile',
  states: {
    /** The run has no file yet, Upload is offered, and nothing is on its way. */
    noFile: {
      on: {
        'user.choosesFile': 'uploading',
        'user.choosesUnacceptedFile': 'refused',
        'user.sendsArtworkWithProblems': 'needsAttention',
        'user.choosesFileOverQuota': 'refusedByServer',
      },
    },
    /** The server refused the upload (the company's files are full): "Stopped", its sentence, Cancel and no Retry. */
    refusedByServer: { on: { 'user.cancels': 'noFile' } },
    /** The page refused the picked file at once, saying why; nothing was sent. */
    refused: { on: { 'user.choosesFile': 'uploading' } },
    /** The file's row: its progress as far as the server has it, Pause and Cancel. */
    uploading: {
      on: {
        'server.receivesPart': 'uploading',
        'server.receivesAll': 'checking',
        'user.pauses': 'paused',
        'connection.drops': 'failed',
        'user.cancels': 'noFile',
      },
    },
    /** "Paused at N%", Resume and Cancel. */
    paused: {
      on: {
        'user.resumes': 'uploading',
        'user.cancels': 'noFile',
      },
    },
    /** "Stopped" with the reason (the connection dropped: the same file may get through), Retry and Cancel. */
    failed: { on: { 'user.retries': 'uploading' } },
    /** The bytes are in: "checking it against the spec", nothing to press. */
    checking: { on: { 'server.finishesChecks': 'passed' } },
    /** The checks found problems: the run says what to fix, and takes another file. */
    needsAttention: { on: { 'user.sendsGoodArtwork': 'passed' } },
    /** "Passed: approve it to use it", with Approve. */
    passed: { on: { 'user.approves': 'approved' } },
    /** The run's ad is approved: no more uploads for it. */
    approved: {},
  },
});

export const upload = modelKit(uploadModel);
