import { type CarrierRoute, zipOfRoute } from '../../contract/directMail';

/**
 * A change to the selection made while the saved one was being restored, as the visitor meant it, so
 * it can be made again on the restored routes (a Clear clears them too, an untick stays untick).
 */
export type SelectionEdit =
  | { add: CarrierRoute }
  | { remove: string }
  /** "Clear the routes of 60614". */
  | { clearZip: string }
  /** A saved area: its routes are the whole selection. */
  | { replace: CarrierRoute[] };

/** What a change did to the selection: the routes it added and took out, in order. */
export function editsBetween(
  before: readonly CarrierRoute[],
  after: readonly CarrierRoute[],
): SelectionEdit[] {
  const was = new Set(before.map((r) => r.routecode));
  const is = new Set(after.map((r) => r.routecode));
  return [
    ...before.filter((r) => !is.has(r.routecode)).map((r) => ({ remove: r.routecode })),
    ...after.filter((r) => !was.has(r.routecode)).map((r) => ({ add: r })),
  ];
}

/** The restored routes with the edits made meanwhile replayed on them, in the order they were made. */
export function replayEdits(
  restored: readonly CarrierRoute[],
  edits: readonly SelectionEdit[],
): CarrierRoute[] {
  let routes = [...restored];
  for (const edit of edits) {
    if ('replace' in edit) routes = [...edit.replace];
    else if ('clearZip' in edit) routes = routes.filter((r) => zipOfRoute(r.routecode) !== edit.clearZip);
    else if ('remove' in edit) routes = routes.filter((r) => r.routecode !== edit.remove);
    else if (!routes.some((r) => r.routecode === edit.add.routecode)) routes = [...routes, edit.add];
  }
  return routes;
}
