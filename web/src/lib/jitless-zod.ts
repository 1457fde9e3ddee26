import { config } from 'zod';

// The gateway's CSP forbids eval. zod probes for it (`new Function`) as it builds its first object
// schema, and the browser reports the refused probe as a CSP violation even though zod catches it;
// jitless parsing skips the probe. main.tsx imports this first, before any contract's schema is built.
config({ jitless: true });
