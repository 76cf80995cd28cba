/** Before each API test file: the office owner's session, signed in again if a cron run at a later clock ended it. */
import { beforeAll } from 'vitest';
import { ownerSignedIn } from './office';

beforeAll(ownerSignedIn); // within the project's hookTimeout: a sign-in e-mail can take a while on a busy machine
