/**
 * zod for the rule sets the admin islands share with the server. jitless: zod otherwise probes `new Function('')`
 * when it loads, which the site's CSP (no unsafe-eval, R53) blocks and reports as a violation on every admin page.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
