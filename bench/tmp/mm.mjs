import { DiagramDrawer } from '../../.cache/cli/KEY/cli.mjs';
