/**
 * Lets the event loop take its turn (timers, sockets) before the caller goes on. Work that loops over many rows
 * awaits it between pieces: on SQLite every query answers synchronously, so a loop of awaited queries runs in
 * microtasks alone and holds every request until it ends (an auto-renew run over thousands of subscriptions once
 * stalled the server for 9.5 s).
 */
export function nextTurn(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}
