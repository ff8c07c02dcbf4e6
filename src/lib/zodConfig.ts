// The contract's schemas validate forms and answers in the browser too. Without this zod compiles
// its object parsers with `new Function`, which the Content-Security-Policy (no 'unsafe-eval')
// refuses, and merely trying reports a violation. zod keeps its settings on this global object,
// shared by every copy of it; it is changed in place (a copy of zod that has loaded already holds
// that very object), before the first schema is made (main.tsx imports this first), without
// bringing zod into the page's first script. The server keeps the compiled parsers.
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
shared.__zod_globalConfig ??= {};
shared.__zod_globalConfig.jitless = true;

export {};
