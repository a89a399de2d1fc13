;; Hostile: answers "no moves" while b3 (cell 11 on a 5 x 5 board) holds a piece, and traps
;; once it is empty: a plug-in that fails in the middle of a game, not at its start.
(module
  (memory (export "memory") 1)
  (func (export "tessel_abi_version") (result i32) (i32.const 1))
  (func (export "tessel_input") (param i32) (result i32) (i32.const 1024))
  (func (export "tessel_moves") (param i32) (result i32)
    (local $cells i32)
    ;; C = 9 + N*D words into the view; the piece type on cell 11 is word C + 55.
    (local.set $cells
      (i32.add (i32.const 9)
        (i32.mul (i32.load (i32.const 1028)) (i32.load (i32.const 1032)))))
    (if (i32.eq
          (i32.load (i32.add (i32.const 1024)
            (i32.mul (i32.const 4) (i32.add (local.get $cells) (i32.const 55)))))
          (i32.const -1))
      (then (unreachable)))
    (i32.const 0)))
