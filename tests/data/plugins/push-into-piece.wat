;; Hostile: pushes the black rook (b3, cell 11 on the 5 x 5 board) onto the white rook's
;; cell (c1, cell 2), which is not empty.
(module
  (memory (export "memory") 1)
  (func (export "tessel_abi_version") (result i32) (i32.const 1))
  (func (export "tessel_input") (param i32) (result i32) (i32.const 1024))
  (func (export "tessel_moves") (param i32) (result i32)
    (i32.store (i32.const 0) (i32.const 1))
    (i32.store (i32.const 4) (i32.const 4))
    (i32.store (i32.const 8) (i32.const 11))
    (i32.store (i32.const 12) (i32.const 2))
    (i32.const 0)))
