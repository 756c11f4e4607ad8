import { availableParallelism } from 'node:os';
import { limitPasswordWork } from '../modules/auth/passwords.js';

// Tests are about behaviour, not this host's capacity: fixtures that register or sign in several accounts at once
// wait for the bounded password work instead of being refused as busy (50003). The tests of the bound itself set
// their own (password-storm, reliability/limits).
limitPasswordWork(availableParallelism(), 10_000);
