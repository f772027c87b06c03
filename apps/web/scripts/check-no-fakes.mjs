// A production build must not contain the in-page native plugins (src/lib/native/fakes): they are
// only for builds that allow a forced platform (vite --mode e2e, vite dev). Run after `npm run build`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const markers = ['outpost-native-fake', '__outpostNative', 'outpost_native_fakes'];

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

let all;
try {
  all = files(dist).filter((file) => /\.(js|html)$/.test(file));
} catch {
  console.error(`No build in ${dist}: run npm run build -w @outpost/web first.`);
  process.exit(1);
}
if (all.length === 0) {
  console.error(`No JavaScript in ${dist}.`);
  process.exit(1);
}
const found = all.flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  return markers.filter((marker) => text.includes(marker)).map((marker) => `${file}: ${marker}`);
});
if (found.length > 0) {
  console.error('The build contains the native fakes (is VITE_ALLOW_PLATFORM_OVERRIDE set?):');
  for (const line of found) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`No native fakes in ${all.length} files of ${path.relative(process.cwd(), dist)}.`);
