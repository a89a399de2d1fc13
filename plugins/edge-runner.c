/* The edge runner: a rook bound to the board's edge (Veney 2.0.23, "a perimeter-bound
 * rook"). From a cell on the edge it slides along the directions named n, e, s and w
 * while it stays on edge cells, and takes an opposing piece where it stops.
 *
 * A Tessel plug-in in C, ABI version 1 (docs/plugins.md), built without a C library:
 *   clang --target=wasm32 -nostdlib -O2 -Wl,--no-entry -o edge-runner.wasm edge-runner.c
 */

typedef int i32;
#define EXPORT(name) __attribute__((export_name(name)))

/* The view (room for about 2,000 cells) and the answers: a count, five words each. */
static i32 view[16384];
enum { MAX_ANSWERS = 256 };
static i32 answers[1 + 5 * MAX_ANSWERS];

EXPORT("tessel_abi_version") i32 abi_version(void) { return 1; }

EXPORT("tessel_input") i32 *input(i32 len) {
    if (len < 0 || len > (i32)sizeof view) {
        return (i32 *)-1; /* no room: the host says so */
    }
    return view;
}

static void answer(i32 kind, i32 cell) {
    i32 n = answers[0];
    if (n >= MAX_ANSWERS) {
        return;
    }
    i32 *a = &answers[1 + 5 * n];
    a[0] = kind;
    a[1] = cell;
    a[2] = 0;
    a[3] = 0;
    a[4] = 0;
    answers[0] = n + 1;
}

/* Whether direction d is one of n, e, s, w (a one-letter name fills its first word). */
static i32 orthogonal(const i32 *names, i32 d) {
    i32 w = names[2 * d];
    return names[2 * d + 1] == 0 && (w == 'n' || w == 'e' || w == 's' || w == 'w');
}

EXPORT("tessel_moves") i32 *moves(i32 len) {
    (void)len;
    i32 cells = view[1], dirs = view[2], from = view[5], owner = view[7];
    const i32 *links = view + 9 + view[8];
    const i32 *board = links + cells * dirs;
    const i32 *names = board + 5 * cells;
    answers[0] = 0;
    /* On the edge: some orthogonal step leads off the board. */
    for (i32 d = 0; d < dirs; d++) {
        if (!orthogonal(names, d)) {
            continue;
        }
        i32 c = from;
        for (;;) {
            c = links[c * dirs + d];
            if (c < 0) {
                break;
            }
            i32 on_edge = 0;
            for (i32 e = 0; e < dirs; e++) {
                if (orthogonal(names, e) && links[c * dirs + e] < 0) {
                    on_edge = 1;
                }
            }
            if (!on_edge) {
                break;
            }
            if (board[5 * c] < 0) {
                answer(1, c);
                continue;
            }
            if (board[5 * c + 1] != owner) {
                answer(2, c);
            }
            break;
        }
    }
    return answers;
}
