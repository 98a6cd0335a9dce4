// ESLint (flat config): the recommended rules of ESLint and typescript-eslint, without type
// information, so that linting stays fast (tsc -p tsconfig.check.json does the type checking).
// `npm run lint` runs it; `npm test` runs it through `npm run check`.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default defineConfig(
  { ignores: ['dist/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Unused names are errors, except those marked unused on purpose with a leading _.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Switched off on purpose: the code writes short paired updates as one comma sequence,
      // `if (a > b) (lo = a), (changed = true);`, in some thirty places over the solver, the
      // vision and the tests. They are statements with effects, not forgotten expressions, and
      // rewriting them all would be churn across files that are being changed elsewhere.
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
);
