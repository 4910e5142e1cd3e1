import { restartSequence } from './builders/sequence.ts';

// A setup file runs before each test file, also in workers that keep their modules between files.
restartSequence();
