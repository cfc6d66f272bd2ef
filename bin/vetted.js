#!/usr/bin/env node
// The built CLI: `npm install` compiles it through the prepare script.
import { main } from '../dist/src/cli.js';

process.exitCode = await main(process.argv.slice(2));
