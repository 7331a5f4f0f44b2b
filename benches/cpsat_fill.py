"""The English NxN weight fill as a CP-SAT model: a comparison with a
general solver, run by hand (it is no part of the build or the tests).

    python3 -m venv /tmp/ort && /tmp/ort/bin/pip install ortools==9.15.6755
    /tmp/ort/bin/python benches/cpsat_fill.py 7 60 2   # size, seconds, workers

It prints each better fill found, with CP-SAT's bound, then the last fill's
values by lattice point, row by row from the north-west. The model is the
one the native search solves (docs/SOLVERS.md, Fills): a value 0-5 on each
lattice point; each cell, its corners read clockwise from the north-west,
one rotation of one tile's values in ascending order round the tile
(every multiset of four values 0-5 but 0-2-4-5: the 125 tiles of S1); no
tile twice; the weight of the tiles used, maximized. On the 3x3 it proves
158, the optimum the native search and z3 prove.
"""

import sys
import time
from itertools import combinations_with_replacement

from ortools.sat.python import cp_model

size, seconds, workers = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
tiles = [t for t in combinations_with_replacement(range(6), 4) if t != (0, 2, 4, 5)]


def rotations(tile):
    return sorted({tuple(tile[i:] + tile[:i]) for i in range(4)})


model = cp_model.CpModel()
side = size + 1
value = [[[model.NewBoolVar("") for _ in range(6)] for _ in range(side)] for _ in range(side)]
for row in value:
    for point in row:
        model.AddExactlyOne(point)
placed = {t: [] for t in tiles}
weight = []
for y in range(size):
    for x in range(size):
        corners = [(y, x), (y, x + 1), (y + 1, x + 1), (y + 1, x)]
        options = []
        for t in tiles:
            for r in rotations(list(t)):
                b = model.NewBoolVar("")
                for (py, px), v in zip(corners, r):
                    model.AddImplication(b, value[py][px][v])
                options.append(b)
                placed[t].append(b)
                weight.append(sum(t) * b)
        model.AddExactlyOne(options)
for uses in placed.values():
    model.AddAtMostOne(uses)
model.Maximize(sum(weight))

solver = cp_model.CpSolver()
solver.parameters.max_time_in_seconds = seconds
solver.parameters.num_workers = workers
start = time.time()


class Progress(cp_model.CpSolverSolutionCallback):
    def on_solution_callback(self):
        print(f"{time.time() - start:7.2f} s: best {self.ObjectiveValue():.0f}, bound {self.BestObjectiveBound():.0f}", flush=True)


status = solver.Solve(model, Progress())
print(f"{solver.StatusName(status)}: best {solver.ObjectiveValue():.0f}, bound {solver.BestObjectiveBound():.0f}, {time.time() - start:.1f} s")
if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
    for row in value:
        print(" ".join(str(next(v for v in range(6) if solver.Value(point[v]))) for point in row))
