module @jit__vmap_while attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x5xf32>) -> (tensor<3x5xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.slice %arg0 [0:3, 0:1] : (tensor<3x5xf32>) -> tensor<3x1xf32>
    %1 = stablehlo.reshape %0 : (tensor<3x1xf32>) -> tensor<3xf32>
    %2 = stablehlo.abs %1 : tensor<3xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %3 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %4:2 = stablehlo.while(%iterArg = %3, %iterArg_4 = %2) : tensor<3xi32>, tensor<3xf32>
    cond {
      %cst = stablehlo.constant dense<2.000000e+01> : tensor<f32>
      %30 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
      %31 = stablehlo.compare LT, %iterArg_4, %30, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
      %c_5 = stablehlo.constant dense<false> : tensor<i1>
      %32 = stablehlo.reduce(%31 init: %c_5) applies stablehlo.or across dimensions = [0] : (tensor<3xi1>, tensor<i1>) -> tensor<i1>
      stablehlo.return %32 : tensor<i1>
    } do {
      %c_5 = stablehlo.constant dense<1> : tensor<i32>
      %30 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i32>) -> tensor<3xi32>
      %31 = stablehlo.add %iterArg, %30 : tensor<3xi32>
      %cst = stablehlo.constant dense<2.000000e+00> : tensor<f32>
      %32 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3xf32>
      %33 = stablehlo.multiply %iterArg_4, %32 : tensor<3xf32>
      %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %34 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<3xf32>
      %35 = stablehlo.add %33, %34 : tensor<3xf32>
      %cst_7 = stablehlo.constant dense<2.000000e+01> : tensor<f32>
      %36 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<3xf32>
      %37 = stablehlo.compare LT, %iterArg_4, %36, FLOAT : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xi1>
      %38 = stablehlo.broadcast_in_dim %37, dims = [0] : (tensor<3xi1>) -> tensor<3xi1>
      %39 = stablehlo.select %38, %31, %iterArg : tensor<3xi1>, tensor<3xi32>
      %40 = stablehlo.broadcast_in_dim %37, dims = [0] : (tensor<3xi1>) -> tensor<3xi1>
      %41 = stablehlo.select %40, %35, %iterArg_4 : tensor<3xi1>, tensor<3xf32>
      stablehlo.return %39, %41 : tensor<3xi32>, tensor<3xf32>
    }
    %c_0 = stablehlo.constant dense<3> : tensor<i32>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %6 = stablehlo.compare GT, %4#0, %5, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %7 = stablehlo.convert %6 : (tensor<3xi1>) -> tensor<3xi32>
    %c_1 = stablehlo.constant dense<0> : tensor<i32>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %9 = stablehlo.compare EQ, %7, %8, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0] : (tensor<3xi1>) -> tensor<3x5xi1>
    %11 = stablehlo.select %10, %arg0, %arg0 : tensor<3x5xi1>, tensor<3x5xf32>
    %12 = stablehlo.select %9, %4#0, %4#0 : tensor<3xi1>, tensor<3xi32>
    %13 = stablehlo.convert %12 : (tensor<3xi32>) -> tensor<3xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x5xf32>
    %16 = stablehlo.subtract %11, %15 : tensor<3x5xf32>
    %c_2 = stablehlo.constant dense<1> : tensor<i32>
    %17 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<3xi32>
    %18 = stablehlo.compare EQ, %7, %17, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0] : (tensor<3xi1>) -> tensor<3x5xi1>
    %20 = stablehlo.select %19, %arg0, %arg0 : tensor<3x5xi1>, tensor<3x5xf32>
    %21 = stablehlo.select %18, %4#0, %4#0 : tensor<3xi1>, tensor<3xi32>
    %22 = stablehlo.convert %21 : (tensor<3xi32>) -> tensor<3xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x5xf32>
    %25 = stablehlo.multiply %20, %24 : tensor<3x5xf32>
    %26 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<3xi32>) -> tensor<3x5xi32>
    %c_3 = stablehlo.constant dense<1> : tensor<i32>
    %27 = stablehlo.broadcast_in_dim %c_3, dims = [] : (tensor<i32>) -> tensor<3x5xi32>
    %28 = stablehlo.compare LT, %26, %27, SIGNED : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi1>
    %29 = stablehlo.select %28, %16, %25 : tensor<3x5xi1>, tensor<3x5xf32>
    return %29 : tensor<3x5xf32>
  }
}
