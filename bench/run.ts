/** npm run bench: runs every benchmark in this folder and prints its figures. None yet beyond health. */
import { healthBench } from './health';

for (const bench of [healthBench]) {
  const figures = await bench();
  console.log(JSON.stringify(figures));
}
