/** globalSetup of the `server-postgres` vitest project (see postgres.ts). */
export { postgresGlobalSetup as default } from './postgres.ts';
