/**
 * elkjs's layout engine in a Web Worker, for the browser: `elk-worker.min.js` answers the messages of elkjs's API
 * (`elkjs/lib/elk-api.js`) when it runs where there is no document, so a layout never holds the page's thread.
 * Created by `ui/views/charts/elkEngine.ts`.
 */
import 'elkjs/lib/elk-worker.min.js';
