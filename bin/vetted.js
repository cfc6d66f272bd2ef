#!/usr/bin/env node
// The built CLI: `npm install` compiles it through the prepare script.
import '../dist/src/cli.js';
