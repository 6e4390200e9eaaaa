/**
 * Loaded with `node --import ./scripts/preflight.js` before every npm script that runs a
 * TypeScript file (package.json): Node before 22 cannot run `.ts` files and would fail with a
 * stack trace (ERR_UNKNOWN_FILE_EXTENSION), and a clone without its dev tools would fail on a
 * missing esbuild. Either stops here with what to do. Plain JavaScript, so Node 20 runs it.
 */
const [major] = process.versions.node.split('.').map(Number);
if (major < 22) {
  process.stderr.write(
    `cms-typed-client needs Node.js 22 or later to build and test; this is ${process.version}.\n` +
      'Install Node.js 22 or later (https://nodejs.org), then run the command again.\n',
  );
  process.exit(1);
}

const missing = ['esbuild', 'typescript'].filter((name) => {
  try {
    import.meta.resolve(name);
    return false;
  } catch {
    return true;
  }
});
if (missing.length > 0) {
  process.stderr.write(
    `cms-typed-client's dev tools are not installed (${missing.join(', ')} not found).\n` +
      'Run `npm ci` (or `npm install`) in the repository first, then the command again.\n',
  );
  process.exit(1);
}
