import { useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { Toast, ToastsEvent, ToastsMachine } from '../../../machines/toasts/toasts.machine';
import { useApp, useAppHandle } from '../AppContext';

const NONE: readonly Toast[] = [];
const selectToasts = (s: SnapshotFrom<ToastsMachine> | undefined) => s?.context.toasts ?? NONE;

export const useToasts = (): readonly Toast[] => useSelector(useApp()?.toasts, selectToasts);

/** Sends to the toasts, now or once they exist. */
export function useSendToToasts(): (event: ToastsEvent) => void {
  const handle = useAppHandle();
  return useCallback((event) => handle.whenReady((app) => app.toasts.send(event)), [handle]);
}
