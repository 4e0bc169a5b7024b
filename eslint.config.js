// ESLint flat config: typescript-eslint's strict and stylistic type-checked rules everywhere, React's hook rules and
// jsx-a11y on the islands, astro's plugin (with its jsx-a11y rules) on the pages. `npm run check` runs it with
// --max-warnings 0; formatting is Prettier's alone (.prettierrc.json), so no rule here is about layout.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist.cache/',
      '.astro/',
      'data/',
      'test-results/',
      'playwright-report/',
      'bench/',
      'backups/',
      'public/',
      'src/server/seed/assets/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.cjs'] },
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.astro'],
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Numbers read naturally in messages and keys; objects and unions still have to be turned into text on purpose.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `onClick={() => setOpen(false)}` is the idiom; a void value in any other place is still refused.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // process.env['PORT'] and other index signatures are read with brackets, so a reader sees the key may be absent.
      '@typescript-eslint/dot-notation': ['error', { allowIndexSignaturePropertyAccess: true }],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.flat['recommended-latest'].rules,
  },
  // astro's jsx-a11y config registers the jsx-a11y plugin for every file; the islands take its recommended rules.
  astro.configs['flat/recommended'],
  astro.configs['flat/jsx-a11y-recommended'],
  { files: ['**/*.tsx'], rules: jsxA11y.flatConfigs.recommended.rules },
  // astro-eslint-parser reads the tsconfig itself (it has no project service).
  { files: ['**/*.astro'], languageOptions: { parserOptions: { projectService: false, project: true } } },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
