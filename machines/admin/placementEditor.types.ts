import type {
  AdminPlacement,
  PlacementInput,
  PlacementSaveOutcome,
  PlacementSaveRequest,
} from '../../contract/adminCatalogue';

/** What the editor's form holds: every field a save sends. */
export type PlacementDraft = PlacementInput;

export interface PlacementEditorInput {
  /** The placement edited, or null for a new one (its code is made by the server at the first save). */
  mediacode: string | null;
  /** The form of a new placement (ignored when editing one). */
  blank: PlacementDraft;
}

/** What a save asks (the contract's, as the API takes it). */
export type SaveRequest = PlacementSaveRequest;

/** The server's answer to a save; a failure to reach it rejects instead. */
export type SaveOutcome = PlacementSaveOutcome;

export interface PlacementEditorContext extends PlacementEditorInput {
  /** The placement as last read or saved (null: new, never saved). */
  saved: AdminPlacement | null;
  draft: PlacementDraft;
  /** The version the next save claims to change: the saved one's, or theirs after "Keep mine". */
  baseVersion: number | null;
  errors: Record<string, string>;
  /** The last refusal or failure, in words. */
  message: string | null;
  /** Their placement, while a conflict is open. */
  theirs: AdminPlacement | null;
  /** The form as the running save sent it: what is typed meanwhile is not overwritten by its answer. */
  sent: PlacementDraft | null;
}

export type PlacementEditorEvent =
  /** A change of some fields of the form. */
  | { type: 'placement.edit'; fields: Partial<PlacementDraft> }
  | { type: 'placement.save' }
  /** After a conflict: take their version into the form. */
  | { type: 'placement.loadTheirs' }
  /** After a conflict: save the form over their version. */
  | { type: 'placement.keepMine' }
  /** After a failure to reach the server (loading or saving): try again. */
  | { type: 'placement.retry' }
  /** A picture was added or removed (saved at once, apart from the form): the placement as it is now. */
  | { type: 'placement.imagesChanged'; placement: AdminPlacement };
