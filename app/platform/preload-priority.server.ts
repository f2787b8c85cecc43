// React Router's <Scripts> preloads every module of the page at high priority. The page is
// complete HTML and hydrates after its first paint, so those fetches must not compete with the
// first paint: this stream marks them low priority (the browser fetches them right after).

import { Transform, type TransformCallback } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const TAG = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchPriority="low"';

/** Rewrites the module preload tags of an HTML stream, also across chunk boundaries. */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      const text = (carry + decoder.write(chunk)).replaceAll(TAG, LOW);
      // Keep back a tail that may be the start of a tag split across two chunks.
      const open = text.lastIndexOf("<");
      const partial =
        open !== -1 && text.length - open < TAG.length && TAG.startsWith(text.slice(open));
      carry = partial ? text.slice(open) : "";
      callback(null, partial ? text.slice(0, open) : text);
    },
    flush(callback: TransformCallback) {
      callback(null, (carry + decoder.end()).replaceAll(TAG, LOW));
    },
  });
}
