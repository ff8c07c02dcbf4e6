import { config } from 'zod/v4/core';

// The contract's schemas validate forms and answers in the browser too. Without this zod compiles
// its object parsers with `new Function`, which the Content-Security-Policy (no 'unsafe-eval')
// refuses, and merely trying reports a violation. Set before any schema is made (main.tsx imports
// this first); the server keeps the compiled parsers.
config({ jitless: true });
