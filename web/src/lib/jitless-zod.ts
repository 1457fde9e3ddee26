import { config, z } from 'zod/v4';

// The gateway's CSP forbids eval. zod probes for it (`new Function`) as it builds its first object
// schema, and the browser reports the refused probe as a CSP violation even though zod catches it;
// jitless parsing skips the probe. The web build gives this module to every import of 'zod'
// (vite.config.ts), so the switch is set before any contract's schema is built, and zod loads only with
// the first screen that builds schemas, not with the sign-in page.
config({ jitless: true });

export { z };
