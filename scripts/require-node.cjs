/*
 * The first step of npm start, dev, build, test and bench: stops with one line when this Node.js is older than the
 * site needs. Plain ES5 CommonJS on purpose, so any Node parses it: the scripts after it are TypeScript run by Node
 * itself, which an older Node refuses (ERR_UNKNOWN_FILE_EXTENSION) before any project code runs.
 */
'use strict';

/** The oldest Node.js the site runs on (package.json "engines", .nvmrc): type stripping and crypto.argon2. */
var REQUIRED = { major: 24, minor: 7 };

/** True when a Node version ('v24.7.0' or '24.7.0') is REQUIRED or newer; false for anything else. */
function isSupported(version) {
  var match = /^v?(\d+)\.(\d+)\.(\d+)/.exec(String(version));
  if (!match) return false;
  var major = Number(match[1]);
  var minor = Number(match[2]);
  return major > REQUIRED.major || (major === REQUIRED.major && minor >= REQUIRED.minor);
}

/** The one line said when the version is too old. */
function refusal(version) {
  return (
    'This site needs Node.js ' +
    REQUIRED.major +
    '.' +
    REQUIRED.minor +
    ' or newer (found ' +
    version +
    '). ' +
    'Install it from https://nodejs.org or with nvm: nvm install ' +
    REQUIRED.major
  );
}

module.exports = { REQUIRED: REQUIRED, isSupported: isSupported, refusal: refusal };

if (require.main === module && !isSupported(process.version)) {
  process.stderr.write(refusal(process.version) + '\n');
  process.exit(1);
}
