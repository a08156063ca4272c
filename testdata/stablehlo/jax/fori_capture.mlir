module @jit__fori_capture attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x4xf32>) -> (tensor<4x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.iota dim = 0 : tensor<4xf32>
    %1 = stablehlo.iota dim = 0 : tensor<4x4xi32>
    %2 = stablehlo.iota dim = 1 : tensor<4x4xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<4x4xi32>
    %4 = stablehlo.add %1, %3 : tensor<4x4xi32>
    %5 = stablehlo.compare EQ, %4, %2, SIGNED : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi1>
    %6 = stablehlo.convert %5 : (tensor<4x4xi1>) -> tensor<4x4xf32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %7:5 = stablehlo.while(%iterArg = %arg0, %iterArg_2 = %0, %iterArg_3 = %c_1, %iterArg_4 = %c_0, %iterArg_5 = %6) : tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<i32>, tensor<4x4xf32>
    cond {
      %c_6 = stablehlo.constant dense<3> : tensor<i32>
      %8 = stablehlo.compare LT, %iterArg_3, %c_6, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %8 : tensor<i1>
    } do {
      %c_6 = stablehlo.constant dense<1> : tensor<i32>
      %8 = stablehlo.add %iterArg_4, %c_6 : tensor<i32>
      %9 = stablehlo.dot_general %iterArg_5, %iterArg, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
      %10 = stablehlo.convert %iterArg_4 : (tensor<i32>) -> tensor<f32>
      %11 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<4xf32>
      %12 = stablehlo.multiply %iterArg_2, %11 : tensor<4xf32>
      %13 = stablehlo.broadcast_in_dim %12, dims = [1] : (tensor<4xf32>) -> tensor<1x4xf32>
      %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1] : (tensor<1x4xf32>) -> tensor<4x4xf32>
      %15 = stablehlo.add %9, %14 : tensor<4x4xf32>
      %c_7 = stablehlo.constant dense<1> : tensor<i32>
      %16 = stablehlo.add %iterArg_3, %c_7 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_2, %16, %8, %15 : tensor<4x4xf32>, tensor<4xf32>, tensor<i32>, tensor<i32>, tensor<4x4xf32>
    }
    return %7#4 : tensor<4x4xf32>
  }
}
