import type { ESLint, Rule } from 'eslint';

export declare const CLIENT_LIB_FOLDERS: string[];
export declare const clientImports: Rule.RuleModule;
export declare const localPlugin: ESLint.Plugin;
