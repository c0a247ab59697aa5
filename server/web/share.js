// share.js: the scenario in the URL fragment, deflated with the browser's
// CompressionStream('deflate-raw') and written as base64url. No server
// keeps it: the link is the table.

function toBase64url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text) {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((text.length + 3) % 4);
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

// pack deflates text into a base64url string.
export async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return toBase64url(new Uint8Array(await new Response(stream).arrayBuffer()));
}

// unpack is the inverse of pack.
export async function unpack(packed) {
  const stream = new Blob([fromBase64url(packed)]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return await new Response(stream).text();
}

// readFragment returns {s, shooter, target} from location.hash.
export function readFragment() {
  const p = new URLSearchParams(location.hash.slice(1));
  return { s: p.get('s'), shooter: p.get('shooter'), target: p.get('target') };
}

// fragment builds "#s=…&shooter=…&target=…" for the scenario text.
export async function fragment(text, shooter, target) {
  const p = new URLSearchParams();
  p.set('s', await pack(text));
  if (shooter) p.set('shooter', shooter);
  if (target) p.set('target', target);
  return '#' + p.toString();
}
