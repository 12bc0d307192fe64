#!/usr/bin/env node
// The launcher's former name, kept so that scripts and notes which run `node cli/bin.mjs` still
// work: it runs cli/bin.cjs, the launcher, with the same arguments. The installed package's bin
// is cli/bin.cjs itself, which starts faster (see its header).
import { createRequire } from 'node:module';

createRequire(import.meta.url)('./bin.cjs');
