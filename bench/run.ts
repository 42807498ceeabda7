/** npm run bench: runs every benchmark in this folder and prints its figures (bench/README.md has results). */
import { healthBench } from './health';
import { routeWeightBench } from './route-weight';

for (const bench of [healthBench, routeWeightBench]) {
  const figures = await bench();
  console.log(JSON.stringify(figures));
}
