;; Veney's "3D" measure-knight (2.0.23, "3D piece movements"): it leaps like a knight, but
;; as if it started from the square that corresponds to its own in another measure (a
;; measure is four steps: the same line, four, eight or twelve steps away), and it lands
;; in that measure. ABI version 1 (docs/plugins.md): the view at 1024, the answers at 65536 (the second page).
(module
  (memory (export "memory") 2)
  ;; The knight's eight leaps, as (column, row) pairs.
  (data (i32.const 512)
    "\01\00\00\00\02\00\00\00" "\02\00\00\00\01\00\00\00"
    "\ff\ff\ff\ff\02\00\00\00" "\fe\ff\ff\ff\01\00\00\00"
    "\01\00\00\00\fe\ff\ff\ff" "\02\00\00\00\ff\ff\ff\ff"
    "\ff\ff\ff\ff\fe\ff\ff\ff" "\fe\ff\ff\ff\ff\ff\ff\ff")
  (global $cells (mut i32) (i32.const 0))
  (global $board (mut i32) (i32.const 0))
  (global $owner (mut i32) (i32.const 0))

  (func (export "tessel_abi_version") (result i32) (i32.const 1))
  (func (export "tessel_input") (param $len i32) (result i32) (i32.const 1024))

  (func $w (param $i i32) (result i32)
    (i32.load (i32.add (i32.const 1024) (i32.shl (local.get $i) (i32.const 2)))))
  ;; Word $k of cell $c's five.
  (func $cell (param $c i32) (param $k i32) (result i32)
    (call $w (i32.add (global.get $board) (i32.add (i32.mul (local.get $c) (i32.const 5)) (local.get $k)))))

  (func $answer (param $kind i32) (param $c i32)
    (local $n i32) (local $at i32)
    (local.set $n (i32.load (i32.const 65536)))
    (local.set $at (i32.add (i32.const 65540) (i32.mul (local.get $n) (i32.const 20))))
    (i32.store (local.get $at) (local.get $kind))
    (i32.store offset=4 (local.get $at) (local.get $c))
    (i32.store offset=8 (local.get $at) (i32.const 0))
    (i32.store offset=12 (local.get $at) (i32.const 0))
    (i32.store offset=16 (local.get $at) (i32.const 0))
    (i32.store (i32.const 65536) (i32.add (local.get $n) (i32.const 1))))

  ;; The cell at a column and row, or -1.
  (func $at (param $col i32) (param $row i32) (result i32)
    (local $c i32)
    (block $none
      (loop $scan
        (br_if $none (i32.ge_s (local.get $c) (global.get $cells)))
        (if (i32.and (i32.eq (call $cell (local.get $c) (i32.const 3)) (local.get $col))
                     (i32.eq (call $cell (local.get $c) (i32.const 4)) (local.get $row)))
          (then (return (local.get $c))))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br $scan)))
    (i32.const -1))

  ;; Empty: a move; someone else's piece: a capture (the ruleset says which it may take).
  (func $try (param $c i32)
    (if (i32.lt_s (local.get $c) (i32.const 0)) (then (return)))
    (if (i32.lt_s (call $cell (local.get $c) (i32.const 0)) (i32.const 0))
      (then (call $answer (i32.const 1) (local.get $c)) (return)))
    (if (i32.ne (call $cell (local.get $c) (i32.const 1)) (global.get $owner))
      (then (call $answer (i32.const 2) (local.get $c)))))

  (func (export "tessel_moves") (param $len i32) (result i32)
    (local $from i32) (local $col i32) (local $row i32) (local $k i32) (local $base i32)
    (local $leap i32) (local $c2 i32) (local $r2 i32)
    (i32.store (i32.const 65536) (i32.const 0))
    (global.set $cells (call $w (i32.const 1)))
    (global.set $owner (call $w (i32.const 7)))
    (global.set $board (i32.add (i32.add (i32.const 9) (call $w (i32.const 8)))
      (i32.mul (global.get $cells) (call $w (i32.const 2)))))
    (local.set $from (call $w (i32.const 5)))
    (local.set $col (call $cell (local.get $from) (i32.const 3)))
    (local.set $row (call $cell (local.get $from) (i32.const 4)))
    ;; $k: how many measures away, -3 to 3 but not 0.
    (local.set $k (i32.const -3))
    (block $measures_done
      (loop $measures
        (br_if $measures_done (i32.gt_s (local.get $k) (i32.const 3)))
        (local.set $base (i32.add (local.get $row) (i32.shl (local.get $k) (i32.const 2))))
        (if (i32.and (i32.ne (local.get $k) (i32.const 0))
                     (i32.and (i32.ge_s (local.get $base) (i32.const 1)) (i32.le_s (local.get $base) (i32.const 16))))
          (then
            (local.set $leap (i32.const 0))
            (block $leaps_done
              (loop $leaps
                (br_if $leaps_done (i32.ge_s (local.get $leap) (i32.const 8)))
                (local.set $c2 (i32.add (local.get $col)
                  (i32.load (i32.add (i32.const 512) (i32.shl (local.get $leap) (i32.const 3))))))
                (local.set $r2 (i32.add (local.get $base)
                  (i32.load offset=4 (i32.add (i32.const 512) (i32.shl (local.get $leap) (i32.const 3))))))
                ;; It lands in the measure it leapt into.
                (if (i32.and (i32.ge_s (local.get $r2) (i32.const 1))
                      (i32.eq (i32.div_s (i32.sub (local.get $r2) (i32.const 1)) (i32.const 4))
                              (i32.div_s (i32.sub (local.get $base) (i32.const 1)) (i32.const 4))))
                  (then (call $try (call $at (local.get $c2) (local.get $r2)))))
                (local.set $leap (i32.add (local.get $leap) (i32.const 1)))
                (br $leaps)))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $measures)))
    (i32.const 65536)))
