;; The Ram: a fairy piece that shows the push and swap answers (docs/plugins.md). It steps
;; one cell along any direction. Onto an empty cell it simply moves. Onto a cell with a
;; piece on it — anyone's — it pushes that piece one cell further the same way, if that
;; cell is empty, or off the board (where it is taken) if there is no cell there. With a
;; piece of its own owner next to it, it may instead trade places with it.
;; ABI version 1: the view at 1024, the answers at 65536 (the second page).
(module
  (memory (export "memory") 2)
  (global $board (mut i32) (i32.const 0))

  (func (export "tessel_abi_version") (result i32) (i32.const 1))
  (func (export "tessel_input") (param $len i32) (result i32) (i32.const 1024))

  ;; Word $i of the view.
  (func $w (param $i i32) (result i32)
    (i32.load (i32.add (i32.const 1024) (i32.shl (local.get $i) (i32.const 2)))))
  ;; Word $k of cell $c's five (0: top piece type, 1: its owner).
  (func $cell (param $c i32) (param $k i32) (result i32)
    (call $w (i32.add (global.get $board) (i32.add (i32.mul (local.get $c) (i32.const 5)) (local.get $k)))))

  ;; Appends the answer ($kind, $a, $b, 0, 0).
  (func $answer (param $kind i32) (param $a i32) (param $b i32)
    (local $n i32) (local $at i32)
    (local.set $n (i32.load (i32.const 65536)))
    (local.set $at (i32.add (i32.const 65540) (i32.mul (local.get $n) (i32.const 20))))
    (i32.store (local.get $at) (local.get $kind))
    (i32.store offset=4 (local.get $at) (local.get $a))
    (i32.store offset=8 (local.get $at) (local.get $b))
    (i32.store offset=12 (local.get $at) (i32.const 0))
    (i32.store offset=16 (local.get $at) (i32.const 0))
    (i32.store (i32.const 65536) (i32.add (local.get $n) (i32.const 1))))

  (func (export "tessel_moves") (param $len i32) (result i32)
    (local $cells i32) (local $dirs i32) (local $links i32) (local $from i32) (local $owner i32)
    (local $d i32) (local $t i32) (local $b i32)
    (i32.store (i32.const 65536) (i32.const 0))
    (local.set $cells (call $w (i32.const 1)))
    (local.set $dirs (call $w (i32.const 2)))
    (local.set $from (call $w (i32.const 5)))
    (local.set $owner (call $w (i32.const 7)))
    (local.set $links (i32.add (i32.const 9) (call $w (i32.const 8))))
    (global.set $board (i32.add (local.get $links) (i32.mul (local.get $cells) (local.get $dirs))))
    (block $done
      (loop $each_direction
        (br_if $done (i32.ge_s (local.get $d) (local.get $dirs)))
        ;; $t: one step along $d; $b: one more.
        (local.set $t (call $w (i32.add (local.get $links)
          (i32.add (i32.mul (local.get $from) (local.get $dirs)) (local.get $d)))))
        (if (i32.ge_s (local.get $t) (i32.const 0))
          (then
            (if (i32.lt_s (call $cell (local.get $t) (i32.const 0)) (i32.const 0))
              (then (call $answer (i32.const 1) (local.get $t) (i32.const 0)))
              (else
                (local.set $b (call $w (i32.add (local.get $links)
                  (i32.add (i32.mul (local.get $t) (local.get $dirs)) (local.get $d)))))
                (if (i32.lt_s (local.get $b) (i32.const 0))
                  (then (call $answer (i32.const 4) (local.get $t) (i32.const -1)))
                  (else
                    (if (i32.lt_s (call $cell (local.get $b) (i32.const 0)) (i32.const 0))
                      (then (call $answer (i32.const 4) (local.get $t) (local.get $b))))))
                (if (i32.eq (call $cell (local.get $t) (i32.const 1)) (local.get $owner))
                  (then (call $answer (i32.const 5) (local.get $t) (i32.const 0))))))))
        (local.set $d (i32.add (local.get $d) (i32.const 1)))
        (br $each_direction)))
    (i32.const 65536)))
