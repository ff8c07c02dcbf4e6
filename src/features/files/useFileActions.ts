import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import type { AdFile } from '../../../contract/adFiles';
import { useLoadedApp } from '../../system/AppContext';
import { fileActionsLogic } from '../../system/files';
import { useFlowActor } from '../../system/hooks/useFlowActor';

/**
 * A file's actions (attach, approve, detach, delete) as one actor, for its library card and its page:
 * what it is doing, its last failure, and whether its buttons wait.
 */
export function useFileActions(file: Pick<AdFile, 'id' | 'status'>, onChanged: () => void) {
  const app = useLoadedApp();
  const actor = useFlowActor(() =>
    createActor(fileActionsLogic(onChanged), {
      ...app.actorOptions,
      input: { id: file.id, checking: file.status === 'checking' },
    }),
  );
  const state = useSelector(actor, (s) => s.value);
  const error = useSelector(actor, (s) => s.context.error);
  const attaching = typeof state === 'object' && 'attaching' in state;
  const busy = state === 'approving' || state === 'deleting' || attaching || state === 'detaching';
  return { actor, state, error, attaching, busy };
}
