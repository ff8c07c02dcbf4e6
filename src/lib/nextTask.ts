/**
 * Resolves in a task of its own, so the browser can paint and answer a tap in between. A message to
 * ourselves, not a timer: browsers hold back timers nested more than a few deep (4 ms each, and a
 * background tab's far longer), and a start-up that takes several steps in a row nests them.
 * (src/boot.ts keeps a copy: it must import nothing.)
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
