import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Purity of the event-sourced core: time, randomness, storage, network and the DOM arrive through actors. */
const impure = [
  { name: 'fetch', message: 'machines/ and domain/ are pure: do I/O in an adapter actor.' },
  { name: 'localStorage', message: 'machines/ and domain/ are pure: use the storage adapter.' },
  { name: 'sessionStorage', message: 'machines/ and domain/ are pure: use the storage adapter.' },
  { name: 'document', message: 'machines/ and domain/ are pure: no DOM.' },
  { name: 'window', message: 'machines/ and domain/ are pure: no DOM.' },
  { name: 'setTimeout', message: 'Time passes only through delays (after) so a SimulatedClock controls it.' },
  { name: 'setInterval', message: 'Time passes only through delays (after) so a SimulatedClock controls it.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['ui/**/*.tsx', 'ui/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['machines/**/*.ts', 'domain/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-globals': ['error', ...impure],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Timestamps arrive inside events or adapter outputs.' },
        { object: 'Math', property: 'random', message: 'Random values arrive inside events or adapter outputs.' },
      ],
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'Timestamps arrive inside events or adapter outputs.' }],
    },
  },
);
