import { createMachine } from 'xstate';
import { modelKit } from './modelKit';

/**
 * The abstract model of the back office's placement editor (issue 31) as a staff member sees it: a
 * form, its save, and the answers a save can get. No effects: the adapter answers each save as the
 * server would, including a 409 when someone else saved the placement first.
 */
export const placementEditorModel = createMachine({
  id: 'placement-editor-model',
  initial: 'editing',
  states: {
    /** The placement as saved: "Save placement" does nothing. */
    editing: { on: { 'user.edits': 'changed' } },
    /** The form differs from the placement as saved. */
    changed: { on: { 'user.saves': 'saving' } },
    saving: {
      on: {
        'server.saves': 'saved',
        'server.refuses422': 'invalid',
        'server.conflicts': 'conflicted',
        'network.fails': 'failed',
      },
    },
    /** Status "Saved". */
    saved: { on: { 'user.edits': 'changed' } },
    /** A message by each refused field; the form as typed. */
    invalid: { on: { 'user.edits': 'changed' } },
    /** "Someone else saved this placement", with "Load their version" and "Keep mine and save again". */
    conflicted: { on: { 'user.loadsTheirs': 'theirsLoaded', 'user.keepsMine': 'mineResaved' } },
    /** The form shows their placement, nothing to save. */
    theirsLoaded: { on: { 'user.edits': 'changed' } },
    /** Mine, saved again over their version. */
    mineResaved: { on: { 'server.saves': 'saved' } },
    /** No answer: the form kept, "Try again" (and "Save placement" does the same). */
    failed: { on: { 'user.retries': 'saving', 'user.saves': 'saving' } },
  },
});

export const placementEditor = modelKit(placementEditorModel);
