// Runs one sharp pipeline on the image bytes read from stdin and writes the encoded result to stdout.
// render-isolated.ts spawns it so untrusted images are decoded outside the server process: the child
// can be killed at a deadline (a native sharp task cannot be cancelled), and it never occupies the
// server's libuv threadpool, which password hashing (scrypt) shares. Plain .mjs so `node` runs it
// as is, whether the server runs under tsx or not.
import sharp from 'sharp';

const DECODE_FAILED = 65; // EX_DATAERR: the bytes did not decode; any other failure is ours

sharp.concurrency(1);
sharp.cache(false);

const spec = JSON.parse(process.argv[2]);
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);

try {
  let img = sharp(Buffer.concat(chunks), { limitInputPixels: spec.limitInputPixels, density: spec.density });
  if (spec.rotate) img = img.rotate(); // apply the EXIF orientation before the EXIF is dropped
  img = img.resize(spec.width, spec.height, { fit: 'inside', withoutEnlargement: true });
  img = spec.format === 'png' ? img.png(spec.options) : img.jpeg(spec.options);
  process.stdout.write(await img.toBuffer());
} catch (err) {
  process.stderr.write(String(err instanceof Error ? err.message : err).slice(0, 500));
  process.exitCode = DECODE_FAILED;
}
