;; Hostile: swaps with the cell it stands on.
(module
  (memory (export "memory") 1)
  (func (export "tessel_abi_version") (result i32) (i32.const 1))
  (func (export "tessel_input") (param i32) (result i32) (i32.const 1024))
  (func (export "tessel_moves") (param i32) (result i32)
    (i32.store (i32.const 0) (i32.const 1))
    (i32.store (i32.const 4) (i32.const 5))
    (i32.store (i32.const 8) (i32.load (i32.const 1044)))
    (i32.const 0)))
