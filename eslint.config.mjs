// ESLint flat config: typescript-eslint's type-checked rules everywhere, and the import
// boundaries of DESIGN.md §1 — a remote never imports the shell or another remote, and the api
// and shared's root entry never pull React.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const remotes = ['remote-auth', 'remote-eventos', 'remote-informes'];

/** no-restricted-imports patterns that keep package `self` inside its lane. */
function boundaryFor(self) {
  const others = ['shell', ...remotes].filter((p) => p !== self);
  return {
    files: [`${self}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: others.flatMap((o) => [
            { group: [`@gestion/${o}`, `@gestion/${o}/*`], message: `${self} must not import ${o} (DESIGN.md §1).` },
            { group: [`**/${o}/**`, `**/${o}`], message: `${self} must not import ${o} (DESIGN.md §1).` },
          ]),
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'bench/results/**',
      'e2e/artifacts/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['*.mjs', '*.cjs', 'tools/jest/*.cjs'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'remote-*/**/*.{ts,tsx}', 'shared/src/react/**/*.{ts,tsx}', 'ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', '**/testing/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  ...remotes.map(boundaryFor),
  // The UI kit (@gestion/ui) serves every frontend, so it imports none of them.
  {
    files: ['ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: ['shell', ...remotes].flatMap((o) => [
            { group: [`@gestion/${o}`, `@gestion/${o}/*`, `**/${o}/**`, `**/${o}`], message: `@gestion/ui must not import ${o} (it serves every frontend).` },
          ]),
        },
      ],
    },
  },
  {
    files: ['api/**/*.ts', 'shared/src/**/*.ts'],
    // shared/src/testing is the frontends' test kit (Jest only, never bundled).
    ignores: ['shared/src/react/**', 'shared/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-dom', 'react/*', '@mui/*', '@gestion/shared/react'], message: 'No React outside the frontends and shared/react (DESIGN.md §1).' },
          ],
        },
      ],
    },
  },
);
